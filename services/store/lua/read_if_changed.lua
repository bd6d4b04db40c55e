-- KEYS: a game hash.  ARGV: the version and creation time of a copy of it the caller
-- holds (none: no copy).  Returns 1 when that copy is still the stored hash, else the
-- whole hash (empty for a missing game).  Every change to a game bumps its version (each
-- write is a compare-and-set on it), and a game made again under the same id has another
-- creation time, so an equal pair means equal contents.  The rate limiter's script reads
-- a game the same way (moving_window.lua).
if ARGV[1] then
  local vc = redis.call('HMGET', KEYS[1], 'version', 'created')
  if vc[1] == ARGV[1] and vc[2] == ARGV[2] then return 1 end
end
return redis.call('HGETALL', KEYS[1])
