-- After cas.lua.  KEYS: game hash, log list, events stream.  ARGV: expected version, state json,
-- log entry json, status, ttl seconds (0 = keep), now, events json, events cap,
-- live channel, write id.  Returns the new version, -1 when the game is gone, -2 when
-- the version moved on.  The events entry and the notification are part of the same
-- atomic step, so a stream never sees a version whose events are missing.
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'version', nv, 'status', ARGV[4], 'updated', ARGV[6],
  'commit', ARGV[#ARGV])
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[8], nv .. '-0', 'events', ARGV[7])
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  redis.call('EXPIRE', KEYS[3], ttl)
end
redis.call('PUBLISH', ARGV[9], nv .. ' ' .. ARGV[4])
return nv
