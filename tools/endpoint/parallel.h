// Copyright 2026 The eddy Authors.
//
// ParallelFor: independent pieces of work spread over a few threads — how
// endpoint mode keeps several requests in flight over the client's
// keep-alive connections (http_client.h) while the caller waits for all.
//
//   std::vector<CallResult> out(bodies.size());
//   ParallelFor(16, bodies.size(),
//               [&](size_t i) { out[i] = client->Call("PutItem", bodies[i]);
//               });
//
// Contract: calls fn(0) ... fn(n-1), each exactly once, at most `workers`
// at a time (the calling thread is one of them; `workers` below 1 counts as
// 1, and 1 runs them in order on the calling thread), and returns when every
// call has returned. Which thread runs which i, and in what order, is
// unspecified: fn must write only to what belongs to its i.
//
// Thread safety: fn runs on several threads at once; ParallelFor itself
// keeps no state between calls.

#ifndef EDDY_TOOLS_ENDPOINT_PARALLEL_H_
#define EDDY_TOOLS_ENDPOINT_PARALLEL_H_

#include <cstddef>
#include <functional>

namespace eddy::endpoint {

void ParallelFor(int workers, size_t n, const std::function<void(size_t)>& fn);

}  // namespace eddy::endpoint

#endif  // EDDY_TOOLS_ENDPOINT_PARALLEL_H_
