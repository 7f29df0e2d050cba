import { MAX_CHARGES } from './charge-log';

/**
 * The Redis ledger's scripts. Each runs atomically in Redis, so the budget check and the hold it
 * allows are one step for the whole fleet, as `UsageLedger.reserve` is one step in one process.
 * The keys of a period, in this order, then the ledger's own (LEDGER_KEYS), are passed as KEYS
 * by every script.
 */
export const PERIOD_KEYS = [
  'datasets', // SET: datasets charged
  'indicators', // SET: indicators charged
  'users', // SET: users charged
  'maybe', // SET: datasets of pages whose outcome is unknown
  'maybe-slots', // STRING: how many of those may have been charged
  'held-datasets', // HASH: dataset → calls in flight holding it
  'held-indicators', // HASH: indicator → calls in flight holding it
  'held-slots', // STRING: datasets held by pages of longer lists
  'intents', // HASH: intent id → JSON {user, datasets, indicators, slots, instance, source}
  'deadlines', // ZSET: intent id → when it counts as charged in full, whatever its instance
  // LIST: JSON {at, user, newUser, datasets, maybe?, indicators, release?, page, client} of each
  // call's new charges, newest first (the newest 500); the same for each user at
  // `charges:<user>`, and how many there are in all in the HASH `charges#count` ('*', 'u:<user>').
  // Beside `datasets`, `datasets@served` (SET) names the releases that returned scores and
  // `datasets@served:<version>/<system model>` (SET) their datasets.
  'charges',
  // HASH: datasets, indicators, users: charges lost with Redis's data and confirmed by an
  // operator (`npm run ledger:confirm`), which count against the budget though their IDs are gone.
  'floor',
] as const;

/**
 * Keys of the ledger as a whole, after the period's: `epoch`, a random name given to the ledger
 * when it is first used (gone when Redis loses its data); `confirmed`, the epoch an operator
 * confirmed after a loss; `mismatch`, what an instance found when Redis no longer held what it
 * knew (while it is there, no instance takes a scored call).
 */
export const LEDGER_KEYS = ['epoch', 'confirmed', 'mismatch'] as const;

/**
 * The period's running totals: datasets, indicators and users charged (with the confirmed
 * floor), and datasets counted from pages of unknown outcome. Each only ever grows within a
 * period, so a total lower than an instance last saw means Redis lost writes.
 */
const TOTALS = `
local function totals()
  local floor = redis.call('HMGET', KEYS[12], 'datasets', 'indicators', 'users')
  return {
    redis.call('SCARD', KEYS[1]) + tonumber(floor[1] or '0'),
    redis.call('SCARD', KEYS[2]) + tonumber(floor[2] or '0'),
    redis.call('SCARD', KEYS[3]) + tonumber(floor[3] or '0'),
    tonumber(redis.call('GET', KEYS[5]) or '0'),
  }
end
`;

/** Shared by the scripts: lets go of an intent's holds and applies what it charged. */
const FINISH = `${TOTALS}
local function unhold(key, ids)
  for _, id in ipairs(ids) do
    if redis.call('HINCRBY', key, id, -1) <= 0 then redis.call('HDEL', key, id) end
  end
end

-- mode: 'settle' (charged these), 'release' (charged nothing), 'unknown' (all it could)
local function finish(id, mode, chargedDatasets, chargedIndicators)
  local raw = redis.call('HGET', KEYS[9], id)
  if not raw then return 0 end
  local intent = cjson.decode(raw)
  if intent.slots >= 0 then
    redis.call('DECRBY', KEYS[8], intent.slots)
  else
    unhold(KEYS[6], intent.datasets)
  end
  unhold(KEYS[7], intent.indicators)
  redis.call('HDEL', KEYS[9], id)
  redis.call('ZREM', KEYS[10], id)
  -- What this call added to the period's bill, for the itemised usage.
  local newUser, addedDatasets, addedIndicators, addedMaybe = false, {}, {}, {}
  local function charge(key, id, added)
    if redis.call('SADD', key, id) == 1 then added[#added + 1] = id end
  end
  if mode == 'settle' then
    if #chargedDatasets > 0 and #chargedIndicators > 0 then
      newUser = redis.call('SADD', KEYS[3], intent.user) == 1
      for _, d in ipairs(chargedDatasets) do charge(KEYS[1], d, addedDatasets) end
      for _, i in ipairs(chargedIndicators) do charge(KEYS[2], i, addedIndicators) end
      -- Which release returned these scores (served.ts): '<datasets>@served' names the releases,
      -- '<datasets>@served:<version>/<system model>' holds each one's datasets.
      local release = (intent.source or {}).release
      if type(release) == 'table' then
        local name = release.version .. '/' .. release.system_model
        redis.call('SADD', KEYS[1] .. '@served', name)
        for _, d in ipairs(chargedDatasets) do redis.call('SADD', KEYS[1] .. '@served:' .. name, d) end
      end
    end
  elseif mode == 'unknown' then
    newUser = redis.call('SADD', KEYS[3], intent.user) == 1
    for _, i in ipairs(intent.indicators) do charge(KEYS[2], i, addedIndicators) end
    if intent.slots < 0 then
      for _, d in ipairs(intent.datasets) do charge(KEYS[1], d, addedDatasets) end
    elseif #intent.datasets > 0 then
      -- Which of a page's datasets were charged is not known: all listed, a page counted.
      for _, d in ipairs(intent.datasets) do charge(KEYS[4], d, addedMaybe) end
      redis.call('INCRBY', KEYS[5], intent.slots)
    end
  end
  if newUser or #addedDatasets > 0 or #addedIndicators > 0 or #addedMaybe > 0 then
    local now = redis.call('TIME')
    local source = intent.source or {}
    local entry = { at = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000),
      user = intent.user, newUser = newUser,
      datasets = addedDatasets, indicators = addedIndicators,
      release = source.release, page = source.page, client = source.client }
    if #addedMaybe > 0 then entry.maybe = { datasets = addedMaybe, count = intent.slots } end
    -- An empty Lua table would encode as {}, not []: lists are written as such.
    local text = cjson.encode(entry):gsub('"datasets":{}', '"datasets":[]'):gsub('"indicators":{}', '"indicators":[]')
    for _, key in ipairs({ KEYS[11], KEYS[11] .. ':' .. intent.user }) do
      redis.call('LPUSH', key, text)
      redis.call('LTRIM', key, 0, ${MAX_CHARGES - 1})
    end
    -- Every charge counted, listed or not: '*' the team's, 'u:<user>' each user's.
    redis.call('HINCRBY', KEYS[11] .. '#count', '*', 1)
    redis.call('HINCRBY', KEYS[11] .. '#count', 'u:' .. intent.user, 1)
  end
  return 1
end
`;

/**
 * ARGV: id, user, dataset IDs (JSON), indicator IDs (JSON), max datasets (-1: all), budget of
 * datasets and of indicators (-1: none), deadline (ms), instance, source (JSON: release, page,
 * client), the epoch and the four totals the instance last saw.
 * Returns {1, totals…} held, {2, totals…} nothing new to hold, {0, used datasets, used
 * indicators} refused, {3} the ledger is not the one the instance knew (or has been halted).
 */
export const RESERVE = `${TOTALS}
-- The ledger the instance knew must still be here, whole: a Redis that lost its data would
-- otherwise start the budget again from zero, unnoticed.
if redis.call('EXISTS', KEYS[15]) == 1 or redis.call('GET', KEYS[13]) ~= ARGV[11] then
  return {3}
end
local before = totals()
for i = 1, 4 do
  if before[i] < tonumber(ARGV[11 + i]) then return {3} end
end
local datasets = cjson.decode(ARGV[3])
local indicators = cjson.decode(ARGV[4])
local maxDatasets = tonumber(ARGV[5])
local budgetDatasets = tonumber(ARGV[6])
local budgetIndicators = tonumber(ARGV[7])

local function fresh(ids, charged)
  local out, seen = {}, {}
  for _, id in ipairs(ids) do
    if not seen[id] then
      seen[id] = true
      if redis.call('SISMEMBER', charged, id) == 0 then out[#out + 1] = id end
    end
  end
  return out
end
local function notHeld(ids, held)
  local n = 0
  for _, id in ipairs(ids) do
    if redis.call('HEXISTS', held, id) == 0 then n = n + 1 end
  end
  return n
end

local newDatasets = fresh(datasets, KEYS[1])
local newIndicators = fresh(indicators, KEYS[2])
local newUser = redis.call('SISMEMBER', KEYS[3], ARGV[2]) == 0
-- A page of a longer list holds a number of slots: which of its datasets it charges is unknown.
local slots = -1
if maxDatasets >= 0 and #newDatasets > maxDatasets then slots = maxDatasets end
local addedDatasets = slots
if slots < 0 then addedDatasets = notHeld(newDatasets, KEYS[6]) end
local addedIndicators = notHeld(newIndicators, KEYS[7])
local usedDatasets = before[1] + before[4] + redis.call('HLEN', KEYS[6])
  + tonumber(redis.call('GET', KEYS[8]) or '0')
local usedIndicators = before[2] + redis.call('HLEN', KEYS[7])
if (budgetDatasets >= 0 and addedDatasets > 0 and usedDatasets + addedDatasets > budgetDatasets)
  or (budgetIndicators >= 0 and addedIndicators > 0
      and usedIndicators + addedIndicators > budgetIndicators) then
  return {0, usedDatasets, usedIndicators}
end
if not newUser and #newDatasets == 0 and #newIndicators == 0 then
  return {2, before[1], before[2], before[3], before[4]}
end
if slots >= 0 then
  redis.call('INCRBY', KEYS[8], slots)
else
  for _, id in ipairs(newDatasets) do redis.call('HINCRBY', KEYS[6], id, 1) end
end
for _, id in ipairs(newIndicators) do redis.call('HINCRBY', KEYS[7], id, 1) end
local intent = { user = ARGV[2], datasets = newDatasets, indicators = newIndicators,
  slots = slots, instance = ARGV[9], source = cjson.decode(ARGV[10]) }
redis.call('HSET', KEYS[9], ARGV[1], cjson.encode(intent))
redis.call('ZADD', KEYS[10], ARGV[8], ARGV[1])
return {1, before[1], before[2], before[3], before[4]}
`;

/**
 * ARGV: id, mode, charged dataset IDs (JSON), charged indicator IDs (JSON). Returns whether the
 * intent was there, and the totals after it.
 */
export const SETTLE = `${FINISH}
local found = finish(ARGV[1], ARGV[2], cjson.decode(ARGV[3]), cjson.decode(ARGV[4]))
local after = totals()
return {found, after[1], after[2], after[3], after[4]}
`;

/** Returns {epoch or '', confirmed epoch or '', 1 if halted by a mismatch, totals…}. */
export const VERIFY = `${TOTALS}
local t = totals()
return {redis.call('GET', KEYS[13]) or '', redis.call('GET', KEYS[14]) or '',
  redis.call('EXISTS', KEYS[15]), t[1], t[2], t[3], t[4]}
`;

/** Names a ledger that has none yet (ARGV: a new epoch); returns the ledger's epoch. */
export const INIT = `
if redis.call('EXISTS', KEYS[15]) == 0 then redis.call('SET', KEYS[13], ARGV[1], 'NX') end
return redis.call('GET', KEYS[13]) or ''
`;

/**
 * Halts the fleet's scored calls: an instance found the ledger not holding what it knew. Written
 * only if the epoch is still what the instance found (ARGV[1], '' for none), so a confirmation
 * made meanwhile is not undone. ARGV: found epoch, expected epoch, period, the four totals the
 * instance knew, instance, reason. Totals of several instances are merged (the largest kept).
 */
export const MISMATCH = `
if (redis.call('GET', KEYS[13]) or '') ~= ARGV[1] then return 0 end
if redis.call('EXISTS', KEYS[15]) == 0 then
  redis.call('HSET', KEYS[15], 'expected', ARGV[2], 'found', ARGV[1], 'period', ARGV[3],
    'instance', ARGV[8], 'reason', ARGV[9])
end
local fields = {'datasets', 'indicators', 'users', 'maybe_slots'}
for i, field in ipairs(fields) do
  local known = tonumber(redis.call('HGET', KEYS[15], field) or '0')
  if tonumber(ARGV[3 + i]) > known then redis.call('HSET', KEYS[15], field, ARGV[3 + i]) end
end
return 1
`;

/**
 * An operator's confirmation after a loss (`npm run ledger:confirm`): the ledger gets a new
 * epoch that every instance adopts, the halt is lifted, and, unless ARGV[2] is 'drop', what the
 * instances had seen and Redis no longer holds counts against the budget as a floor. ARGV: the
 * new epoch, 'keep' or 'drop', and the four totals of a witness file ('0' without one).
 * Returns {datasets, indicators, users added to the floor}.
 */
export const CONFIRM = `${TOTALS}
local seen = {0, 0, 0, 0}
local fields = {'datasets', 'indicators', 'users', 'maybe_slots'}
for i, field in ipairs(fields) do
  seen[i] = math.max(tonumber(redis.call('HGET', KEYS[15], field) or '0'), tonumber(ARGV[2 + i]))
end
local now = totals()
local added = {0, 0, 0}
if ARGV[2] == 'keep' then
  -- Datasets counted from pages of unknown outcome count as datasets.
  added[1] = math.max(0, seen[1] + seen[4] - now[1] - now[4])
  added[2] = math.max(0, seen[2] - now[2])
  added[3] = math.max(0, seen[3] - now[3])
  redis.call('HINCRBY', KEYS[12], 'datasets', added[1])
  redis.call('HINCRBY', KEYS[12], 'indicators', added[2])
  redis.call('HINCRBY', KEYS[12], 'users', added[3])
end
redis.call('SET', KEYS[13], ARGV[1])
redis.call('SET', KEYS[14], ARGV[1])
redis.call('DEL', KEYS[15])
return added
`;

/**
 * Counts as charged in full every intent past its deadline or whose instance is gone (its
 * heartbeat key expired: killed mid-call). ARGV: now (ms), heartbeat key prefix.
 * Returns {calls, datasets, indicators} recovered.
 */
export const SWEEP = `${FINISH}
local entries = redis.call('ZRANGE', KEYS[10], 0, -1, 'WITHSCORES')
local calls, datasets, indicators = 0, 0, 0
for k = 1, #entries, 2 do
  local id, deadline = entries[k], tonumber(entries[k + 1])
  local raw = redis.call('HGET', KEYS[9], id)
  if not raw then
    redis.call('ZREM', KEYS[10], id)
  else
    local intent = cjson.decode(raw)
    if deadline <= tonumber(ARGV[1]) or redis.call('EXISTS', ARGV[2] .. intent.instance) == 0 then
      finish(id, 'unknown', {}, {})
      calls = calls + 1
      if intent.slots >= 0 then datasets = datasets + math.min(intent.slots, #intent.datasets)
      else datasets = datasets + #intent.datasets end
      indicators = indicators + #intent.indicators
    end
  end
end
return {calls, datasets, indicators}
`;
