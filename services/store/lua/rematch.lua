-- KEYS: old game hash, its events stream.  ARGV: new game id, events json, events cap,
-- live channel, now.  Sets ``rematch`` once (bumping the version so every viewer of
-- the old game learns of it) and returns the id that holds: the new one or the earlier.
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return false end
local known = redis.call('HGET', KEYS[1], 'rematch')
if known then return known end
local nv = tonumber(v) + 1
redis.call('HSET', KEYS[1], 'rematch', ARGV[1], 'version', nv, 'updated', ARGV[5])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], nv .. '-0', 'events', ARGV[2])
local ttl = redis.call('TTL', KEYS[1])
if ttl > 0 then redis.call('EXPIRE', KEYS[2], ttl) end
redis.call('PUBLISH', ARGV[4], nv .. ' ' .. redis.call('HGET', KEYS[1], 'status'))
return ARGV[1]
