-- A bot turn's lease.  KEYS: leases (zset), turns (hash).  ARGV: member, job id, new
-- deadline.  Renews only while the entry still names that job (a later turn of the seat
-- replaces it).
local held = redis.call('HGET', KEYS[2], ARGV[1])
if not held or cjson.decode(held)['job'] ~= ARGV[2] then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return 1
