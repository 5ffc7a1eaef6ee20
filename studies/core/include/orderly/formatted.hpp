#pragma once
// printf-style text of any length, checked against its arguments by the compiler: the studies'
// reasons are sentences with numbers in them, and a fixed buffer sized for today's sentence would
// cut tomorrow's.
#include <cstdarg>
#include <cstdio>
#include <string>

namespace orderly {

[[gnu::format(printf, 1, 2)]] inline std::string formatted(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list measuring;
  va_copy(measuring, args);
  const int length = std::vsnprintf(nullptr, 0, format, measuring);
  va_end(measuring);
  std::string text(length > 0 ? static_cast<std::size_t>(length) : 0, '\0');
  if (length > 0) std::vsnprintf(text.data(), text.size() + 1, format, args);
  va_end(args);
  return text;
}

}  // namespace orderly
