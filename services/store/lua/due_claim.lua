-- KEYS: deadlines (zset), entries (hash).  ARGV: now, new deadline, batch.  Pushes each
-- due member on to the new deadline and returns member, entry pairs: the caller owns them
-- until then, so two sweeping workers never both take one.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
local out = {}
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], member)
  out[#out + 1] = member
  out[#out + 1] = redis.call('HGET', KEYS[2], member) or ''
end
return out
