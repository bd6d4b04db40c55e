-- Every write of a game hash (a move, a seat change) opens with this compare-and-set
-- on KEYS[1]'s version against ARGV[1]; the last argument is the write's id, which the
-- write stores as ``commit`` in the same HSET as its new version ``nv`` (set here).  The
-- id makes a resend harmless: when a reply is lost on a dropped connection, the client
-- sends the script again, and finding its own id one version on means the first send
-- was applied -- it answers that version instead of -2 (which would have the move
-- re-applied to the state it had already made, or a claimed seat reported taken with
-- its one-time token lost).
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return -1 end
if tonumber(v) ~= tonumber(ARGV[1]) then
  local mine = redis.call('HGET', KEYS[1], 'commit') == ARGV[#ARGV]
  if mine and tonumber(v) == tonumber(ARGV[1]) + 1 then return tonumber(v) end
  return -2
end
local nv = tonumber(v) + 1
