-- After cas.lua.  KEYS: game hash, log list, events stream.
-- ARGV: expected version, seats json, seating json, host hash ("" keeps it), ttl,
-- now, has a seat anyone may claim (1/0), events json, events cap, live channel, write id.
-- Returns {new version, 1 when the game belongs in the lobby index (listed and a seat
-- anyone may claim) else 0}, -1 when the game is gone, -2 when the version moved on, or
-- just the version when a resend finds its own write applied (``CAS_LUA``).
redis.call('HSET', KEYS[1], 'seats', ARGV[2], 'seating', ARGV[3], 'version', nv, 'updated', ARGV[6],
  'commit', ARGV[#ARGV])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'host', ARGV[4]) end
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
end
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[9], nv .. '-0', 'events', ARGV[8])
if ttl > 0 then redis.call('EXPIRE', KEYS[3], ttl) end
local indexed = 0
if ARGV[7] == '1' and redis.call('HGET', KEYS[1], 'listed') == '1' then indexed = 1 end
local status = redis.call('HGET', KEYS[1], 'status')
redis.call('PUBLISH', ARGV[10], nv .. ' ' .. status)
return {nv, indexed}
