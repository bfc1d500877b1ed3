-- wrk script for bench/segments.ts: every request takes the next path of a list (one path per line,
-- the file named by the first script argument), so the connections walk through different segments
-- instead of fetching one file over and over. Each thread starts at another place in the list.
-- done() prints the figures as one JSON line (prefix "WRK_JSON ") for bench/lib/wrk.ts.
local thread_count = 0

function setup(thread)
  thread:set("thread_index", thread_count)
  thread_count = thread_count + 1
end

function init(args)
  paths = {}
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  if #paths == 0 then error("no paths in " .. tostring(args[1])) end
  position = (thread_index * 7919) % #paths
end

function request()
  position = position % #paths + 1
  return wrk.format("GET", paths[position])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"bytes":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.bytes, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
