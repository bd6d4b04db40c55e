-- KEYS: timers (zset), entries (hash).  ARGV: member, version.  Drops the timer only while
-- it is still for that version (a newer arm stays).
local held = redis.call('HGET', KEYS[2], ARGV[1])
if not held or tonumber(cjson.decode(held)['version']) ~= tonumber(ARGV[2]) then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
