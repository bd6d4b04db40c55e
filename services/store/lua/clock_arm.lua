-- A game's clock timer.  KEYS: timers (zset), entries (hash).  ARGV: member, version,
-- deadline, entry json, running (1/0).  Keeps the newest version's timer only, so a late
-- arm never hides a newer timer; a game no longer running drops its timer.
local held = redis.call('HGET', KEYS[2], ARGV[1])
if held and tonumber(cjson.decode(held)['version']) > tonumber(ARGV[2]) then return 0 end
if ARGV[5] == '1' then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
else
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return 1
