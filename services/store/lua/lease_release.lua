-- KEYS: leases (zset), turns (hash).  ARGV: member, job id.  Drops the lease only while
-- the entry still names that job.
local held = redis.call('HGET', KEYS[2], ARGV[1])
if not held or cjson.decode(held)['job'] ~= ARGV[2] then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
