-- After read_if_changed.lua wrapped as the function read(KEYS, ARGV).
-- KEYS: one list per limit, then optionally a game's hash to read.  ARGV: now (ms), the
-- number of limits, then per limit its allowance and window (ms), then optionally the
-- version and created time of the caller's copy of that hash.
-- Each list holds the admitted requests' times in the window, newest first, and stays
-- sorted: callers' clocks (and the order their calls reach Redis in) may disagree by a
-- little, so a time below the newest one is recorded as that newest time (its request
-- counts a little longer: stricter, never looser).  A newest time more than a window
-- ahead comes from a clock that jumped; the window then starts afresh rather than pin
-- every new time to it.  Times that have left the window are popped from the old end, a
-- few at a time; a longer run of them (a client back after a pause) is found by
-- bisection and cut with one LTRIM, so no call walks it in Lua.
-- The request is admitted (and recorded in every window, in memory only: ``redis.set_repl``,
-- as the API's limiter explains) only when each window has room.  Returns {admitted,
-- limit, remaining, reset_ms, retry_ms} for the tightest limit (the refusing one when
-- refused), plus, when admitted and a hash is named, its fields, or 1 when the caller's
-- copy is still the stored one (same version, same game), read as
-- ``READ_IF_CHANGED_LUA`` reads it.
local now = tonumber(ARGV[1])
local n = tonumber(ARGV[2])
redis.set_repl(redis.REPL_NONE)
local admitted = 1
local best_limit, best_left, best_reset, retry = -1, -1, 0, 0
local stamps = {}
for i = 1, n do
  local key = KEYS[i]
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  local edge = now - window
  local oldest = redis.call('LINDEX', key, -1)
  local pops = 0
  while oldest and tonumber(oldest) <= edge and pops < 8 do
    redis.call('RPOP', key)
    oldest = redis.call('LINDEX', key, -1)
    pops = pops + 1
  end
  if oldest and tonumber(oldest) <= edge then
    -- the first (newest-side) index whose time has left: all from there on go
    local lo, hi = 0, redis.call('LLEN', key) - 1
    while lo < hi do
      local mid = math.floor((lo + hi) / 2)
      if tonumber(redis.call('LINDEX', key, mid)) <= edge then hi = mid else lo = mid + 1 end
    end
    if lo == 0 then redis.call('DEL', key) else redis.call('LTRIM', key, 0, lo - 1) end
    oldest = redis.call('LINDEX', key, -1)
  end
  local count = 0
  local reset = now + window
  stamps[i] = now
  if oldest then
    local newest = tonumber(redis.call('LINDEX', key, 0))
    if newest > now + window then
      -- written by a clock more than a window ahead (one that jumped back since): the
      -- clamp would pin every new time to it, so the window starts afresh instead
      redis.call('DEL', key)
    else
      count = redis.call('LLEN', key)
      reset = tonumber(oldest) + window
      if newest > now then stamps[i] = newest end
    end
  end
  if count >= limit then
    admitted = 0
    -- room comes back when the entry that keeps the window full ages out
    local wait = tonumber(redis.call('LINDEX', key, limit - 1)) + window - now
    if wait > retry then retry = wait end
    best_limit, best_left, best_reset = limit, 0, reset
  elseif admitted == 1 and (best_left < 0 or limit - count - 1 < best_left) then
    best_limit, best_left, best_reset = limit, limit - count - 1, reset
  end
end
local out = {admitted, best_limit, best_left, best_reset, retry}
if admitted == 1 then
  for i = 1, n do
    redis.call('LPUSH', KEYS[i], stamps[i])
    redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2 + 2 * i]))
  end
  if #KEYS > n then out[6] = read({KEYS[n + 1]}, {ARGV[3 + 2 * n], ARGV[4 + 2 * n]}) end
end
-- what a caller's script writes after this (a move's commit) is persisted as ever
redis.set_repl(redis.REPL_ALL)
return out
