-- After cas.lua.  KEYS: game hash, log list, events stream.  ARGV: expected version, ended json, ttl, now,
-- events json, events cap, live channel, write id.
redis.call('HSET', KEYS[1], 'status', 'finished', 'ended', ARGV[2], 'version', nv,
  'updated', ARGV[4], 'commit', ARGV[#ARGV])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], nv .. '-0', 'events', ARGV[5])
local ttl = tonumber(ARGV[3])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  redis.call('EXPIRE', KEYS[3], ttl)
end
redis.call('PUBLISH', ARGV[7], nv .. ' finished')
return nv
