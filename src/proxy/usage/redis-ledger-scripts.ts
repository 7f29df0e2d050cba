import { MAX_CHARGES } from './charge-log';

/**
 * The Redis ledger's scripts. Each runs atomically in Redis, so the budget check and the hold it
 * allows are one step for the whole fleet, as `UsageLedger.reserve` is one step in one process.
 * The keys of a period, in this order, are passed as KEYS by every script.
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
  // call's new charges, newest first; the same for each user at `charges:<user>`.
  'charges',
] as const;

/** Shared by the scripts: lets go of an intent's holds and applies what it charged. */
const FINISH = `
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
  end
  return 1
end
`;

/**
 * ARGV: id, user, dataset IDs (JSON), indicator IDs (JSON), max datasets (-1: all), budget of
 * datasets and of indicators (-1: none), deadline (ms), instance, source (JSON: release, page,
 * client).
 * Returns {1} held, {2} nothing new to hold, {0, used datasets, used indicators} refused.
 */
export const RESERVE = `
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
local usedDatasets = redis.call('SCARD', KEYS[1]) + tonumber(redis.call('GET', KEYS[5]) or '0')
  + redis.call('HLEN', KEYS[6]) + tonumber(redis.call('GET', KEYS[8]) or '0')
local usedIndicators = redis.call('SCARD', KEYS[2]) + redis.call('HLEN', KEYS[7])
if (budgetDatasets >= 0 and addedDatasets > 0 and usedDatasets + addedDatasets > budgetDatasets)
  or (budgetIndicators >= 0 and addedIndicators > 0
      and usedIndicators + addedIndicators > budgetIndicators) then
  return {0, usedDatasets, usedIndicators}
end
if not newUser and #newDatasets == 0 and #newIndicators == 0 then return {2} end
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
return {1}
`;

/** ARGV: id, mode, charged dataset IDs (JSON), charged indicator IDs (JSON). */
export const SETTLE = `${FINISH}
return finish(ARGV[1], ARGV[2], cjson.decode(ARGV[3]), cjson.decode(ARGV[4]))
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
