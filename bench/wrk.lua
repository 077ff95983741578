-- wrk script for bench/: GET the URL as given, or (BENCH_BODY set) POST that JSON body with a unique
-- idempotency key in place of @KEY@ on every request; at the end print one JSON summary line.
local body = os.getenv("BENCH_BODY")
-- BENCH_COOKIES: Cookie headers separated by "|", dealt out to the threads in turn (BENCH_THREADS
-- of them): with as many cookies as threads each thread is one user; with more, each thread's
-- requests take its users in turn (many users, each making a few requests).
local cookies = os.getenv("BENCH_COOKIES")
local threads = tonumber(os.getenv("BENCH_THREADS") or "1")
local mine = {}
local run = os.getenv("BENCH_RUN") or "run"
local counter = 0
local next_id = 0

function setup(thread)
  next_id = next_id + 1
  thread:set("thread_id", next_id)
end

function init(args)
  if cookies ~= nil then
    local list = {}
    for cookie in string.gmatch(cookies, "[^|]+") do
      table.insert(list, cookie)
    end
    if #list <= threads then
      table.insert(mine, list[((thread_id - 1) % #list) + 1])
    else
      for i = thread_id, #list, threads do
        table.insert(mine, list[i])
      end
    end
    wrk.headers["Cookie"] = mine[1]
  end
end

function request()
  counter = counter + 1
  if #mine > 1 then
    wrk.headers["Cookie"] = mine[(counter % #mine) + 1]
  end
  if body == nil then
    return wrk.format()
  end
  local key = run .. "-" .. tostring(thread_id) .. "-" .. tostring(counter)
  return wrk.format("POST", nil, nil, (body:gsub("@KEY@", key)))
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, ' ..
    '"bad_status": %d, "socket_errors": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout))
end
