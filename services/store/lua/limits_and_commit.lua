-- A write admitted through its rate limits, in one script: moving_window.lua and
-- cas.lua + commit.lua, each wrapped as a function of its own keys and arguments (so
-- each rule stays written once; scripts.py puts them in the two marked lines).
-- KEYS: the limits' windows, then the game hash, log list and events stream.  ARGV: how
-- many of KEYS and of ARGV are the limits' (0 and 0: no limits), the limits' arguments,
-- then the commit's.  Returns the limits' five items ({1, -1, -1, 0, 0} without limits);
-- once admitted, a sixth: the commit's reply (the new version, -1, -2) and, on -2, a
-- seventh: the game's hash as the write found it.
local function limits(KEYS, ARGV)
--[[moving_window]]
end
local function commit(KEYS, ARGV)
--[[commit]]
end
local nk, na = tonumber(ARGV[1]), tonumber(ARGV[2])
local lk, la, ck, ca = {}, {}, {}, {}
for i = 1, #KEYS do
  if i <= nk then lk[i] = KEYS[i] else ck[i - nk] = KEYS[i] end
end
for i = 3, #ARGV do
  if i - 2 <= na then la[i - 2] = ARGV[i] else ca[i - 2 - na] = ARGV[i] end
end
local out = {1, -1, -1, 0, 0}
if nk > 0 then
  out = limits(lk, la)
  if out[1] == 0 then return out end
end
local r = commit(ck, ca)
out[6] = r
if r == -2 then out[7] = redis.call('HGETALL', ck[1]) end
return out
