#pragma once
// Results by key, each made once by the first thread that asks for it; the others asking for the
// same key meanwhile wait for it. For deterministic, expensive results that several jobs of one
// process need: a suite's shared measurements, a computed reference solution.
#include <exception>
#include <future>
#include <map>
#include <mutex>

namespace orderly {

template <class Key, class Value>
class shared_results {
 public:
  // The value under `key`, made by `make()` only if no thread has made or started it (an exception
  // is shared the same way).
  template <class Make>
  Value get(const Key& key, Make&& make) {
    std::promise<Value> promise;
    std::shared_future<Value> result;
    bool ours = false;
    {
      const std::lock_guard lock(mutex_);
      auto [entry, inserted] = entries_.try_emplace(key);
      if (inserted) entry->second = promise.get_future().share();
      result = entry->second;
      ours = inserted;
    }
    if (ours) {
      try {
        promise.set_value(make());
      } catch (...) {
        promise.set_exception(std::current_exception());
      }
    }
    return result.get();
  }

 private:
  std::mutex mutex_;
  std::map<Key, std::shared_future<Value>> entries_;
};

}  // namespace orderly
