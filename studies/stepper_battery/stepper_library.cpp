// The C interface's loader: dlopen, the symbol, its ABI version, and a user_stepper whose step
// calls the library's with a C callback around the battery's right-hand side.
#include <orderly/step_control.hpp>
#include <orderly/stepper.h>
#include <orderly/stepper_library.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

namespace orderly {
namespace {

// What the C callback needs: the battery's right-hand side, and the first exception it threw
// (it must not unwind through the library's C frames).
struct callback_context {
  const user_rhs* f;
  std::size_t n;
  std::exception_ptr error;
};

void call_rhs(void* context, double t, const double* y, double* dydt) {
  auto& c = *static_cast<callback_context*>(context);
  if (c.error) {
    std::fill(dydt, dydt + c.n, std::numeric_limits<double>::quiet_NaN());
    return;
  }
  try {
    const auto d = (*c.f)(t, state_of<double>(y, y + c.n));
    std::copy(d.begin(), d.end(), dydt);
  } catch (...) {
    c.error = std::current_exception();
    std::fill(dydt, dydt + c.n, std::numeric_limits<double>::quiet_NaN());
  }
}

// The wider steps: Orderly's scalar T (long double, boost's float128) as the C interface's C
// (long double, __float128), with the same callback shape as the double step's.
template <class T>
struct wide_callback_context {
  const user_rhs_in<T>* f;
  std::size_t n;
  std::exception_ptr error;
};

template <class T, class C>
C c_value(const T& x) {
  if constexpr (std::is_same_v<T, float128>)
    return x.backend().value();
  else
    return x;
}

template <class T, class C>
void call_wide_rhs(void* context, C t, const C* y, C* dydt) {
  auto& c = *static_cast<wide_callback_context<T>*>(context);
  const auto fail = [&] { std::fill(dydt, dydt + c.n, c_value<T, C>(std::numeric_limits<T>::quiet_NaN())); };
  if (c.error) return fail();
  try {
    state_of<T> state(c.n);
    for (std::size_t i = 0; i < c.n; ++i) state[i] = T(y[i]);
    const auto d = (*c.f)(T(t), state);
    for (std::size_t i = 0; i < c.n; ++i) dydt[i] = c_value<T, C>(d[i]);
  } catch (...) {
    c.error = std::current_exception();
    fail();
  }
}

template <class T, class C, class CRhs, class CStep>
user_step_in<T> wide_step(std::shared_ptr<void> handle, CStep step) {
  return [handle, step](const user_rhs_in<T>& f, const T& t, state_of<T> y, const T& h) {
    wide_callback_context<T> context{&f, y.size(), nullptr};
    std::vector<C> raw(y.size());
    for (std::size_t i = 0; i < y.size(); ++i) raw[i] = c_value<T, C>(y[i]);
    const int status = step(static_cast<CRhs>(&call_wide_rhs<T, C>), &context, c_value<T, C>(t), raw.data(), raw.size(),
                            c_value<T, C>(h));
    if (context.error) std::rethrow_exception(context.error);
    if (status != 0)
      throw integration_failure(failure_reason::newton_divergence, "the step returned " + std::to_string(status));
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = T(raw[i]);
    return y;
  };
}

// The library's struct as this version lays it out: a version-1 library's struct ends after
// closest_method, so only those fields are read from it and the later ones stay empty.
orderly_stepper_info read_info(const orderly_stepper_info& symbol) {
  orderly_stepper_info info{};
  if (symbol.abi_version == 1) {
    info.abi_version = symbol.abi_version;
    info.step = symbol.step;
    info.name = symbol.name;
    info.declared_order = symbol.declared_order;
    info.separable = symbol.separable;
    info.closest_method = symbol.closest_method;
    return info;
  }
  return symbol;
}

std::string dl_message() {
  const char* text = dlerror();
  return text ? escaped_text(text) : "unknown reason";
}

}  // namespace

std::string escaped_text(const std::string& text) {
  std::string out;
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char lead = byte(i);
    // The length of the UTF-8 sequence this byte leads (0: not a lead byte), and the smallest
    // value it may encode (an overlong form is not UTF-8).
    const std::size_t length = lead < 0x80           ? 1
                               : (lead >> 5) == 0x6  ? 2
                               : (lead >> 4) == 0xE  ? 3
                               : (lead >> 3) == 0x1E ? 4
                                                     : 0;
    bool valid = length > 0 && i + length <= text.size();
    unsigned long code = length == 1 ? lead : length == 2 ? lead & 0x1Fu : length == 3 ? lead & 0x0Fu : lead & 0x07u;
    for (std::size_t k = 1; valid && k < length; ++k) {
      valid = (byte(i + k) & 0xC0) == 0x80;
      code = (code << 6) | (byte(i + k) & 0x3Fu);
    }
    static constexpr unsigned long smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    valid = valid && code >= smallest[length] && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF) &&
            !(length == 1 && (code < 0x20 || code == 0x7F));
    if (valid) {
      out.append(text, i, length);
      i += length;
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", lead);
      out += hex;
      ++i;
    }
  }
  return out;
}

stepper_library_spec parse_stepper_library_spec(const std::string& text) {
  // The symbol follows the last ':' unless what follows it is a path (a directory named with ':').
  const auto colon = text.rfind(':');
  if (colon != std::string::npos && colon > 0 && text.find('/', colon) == std::string::npos && colon + 1 < text.size())
    return {text.substr(0, colon), text.substr(colon + 1)};
  return {colon + 1 == text.size() ? text.substr(0, colon) : text, ORDERLY_STEPPER_DEFAULT_SYMBOL};
}

user_stepper load_stepper_library(const stepper_library_spec& spec) {
  const std::string where = "stepper library '" + escaped_text(spec.path) + "'";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(spec.path, ec)) throw stepper_library_error(where + ": no such file");
  // An absolute path, so dlopen loads this file rather than searching the library path.
  const auto path = std::filesystem::absolute(spec.path).string();
  dlerror();
  void* raw = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!raw) throw stepper_library_error(where + ": cannot be loaded (" + dl_message() + ")");
  std::shared_ptr<void> handle(raw, [](void* h) { dlclose(h); });
  dlerror();
  const auto* symbol = static_cast<const orderly_stepper_info*>(dlsym(raw, spec.symbol.c_str()));
  if (!symbol) throw stepper_library_error(where + ": no symbol '" + spec.symbol + "' (" + dl_message() + ")");
  if (symbol->abi_version < 1 || symbol->abi_version > ORDERLY_STEPPER_ABI_VERSION)
    throw stepper_library_error(where + ": '" + spec.symbol + "' has ABI version " +
                                std::to_string(symbol->abi_version) + ", this orderly reads versions 1 to " +
                                std::to_string(ORDERLY_STEPPER_ABI_VERSION));
  const orderly_stepper_info full = read_info(*symbol);
  const orderly_stepper_info* info = &full;
  if (!info->step) throw stepper_library_error(where + ": '" + spec.symbol + "' has no step function");
  if (info->declared_order < 0)
    throw stepper_library_error(where + ": '" + spec.symbol + "' declares order " +
                                std::to_string(info->declared_order) + " (0 for none, or the order)");

  if (info->error_sign < -1 || info->error_sign > 1)
    throw stepper_library_error(where + ": '" + spec.symbol + "' has error_sign " + std::to_string(info->error_sign) +
                                " (1 or 0: y_propagated - y_embedded; -1: the opposite)");
  if (info->error_estimate_order < 0)
    throw stepper_library_error(where + ": '" + spec.symbol + "' declares estimate order " +
                                std::to_string(info->error_estimate_order) + " (0 for none, or the order)");

  const orderly_step step = info->step;
  user_stepper stepper{.name = info->name ? info->name : std::filesystem::path(spec.path).filename().string(),
                       .declared_order = info->declared_order,
                       .separable = info->separable != 0,
                       .closest_method = info->closest_method ? info->closest_method : "",
                       .step = [handle, step](const user_rhs& f, double t, state_of<double> y, double h) {
                         callback_context context{&f, y.size(), nullptr};
                         const int status = step(&call_rhs, &context, t, y.data(), y.size(), h);
                         if (context.error) std::rethrow_exception(context.error);
                         // The C interface's non-zero status is a step that could not solve for its new state:
                         // the reason an implicit step stops.
                         if (status != 0)
                           throw integration_failure(failure_reason::newton_divergence,
                                                     "the step returned " + std::to_string(status));
                         return y;
                       }};
  if (const orderly_step_with_error step_with_error = info->step_with_error) {
    stepper.error_estimate_order = info->error_estimate_order;
    stepper.error_sign = info->error_sign == -1 ? -1 : 1;
    stepper.step_with_error = [handle, step_with_error](const user_rhs& f, double t, state_of<double> y, double h) {
      callback_context context{&f, y.size(), nullptr};
      state_of<double> error(y.size(), 0.0);
      const int status = step_with_error(&call_rhs, &context, t, y.data(), y.size(), h, error.data());
      if (context.error) std::rethrow_exception(context.error);
      if (status != 0)
        throw integration_failure(failure_reason::newton_divergence, "the step returned " + std::to_string(status));
      return step_with_estimate{std::move(y), std::move(error)};
    };
  }
  if (info->step_long_double)
    stepper.step_long_double =
        wide_step<long double, long double, orderly_rhs_long_double>(handle, info->step_long_double);
#if defined(__SIZEOF_FLOAT128__)
  if (info->step_float128)
    stepper.step_float128 = wide_step<float128, __float128, orderly_rhs_float128>(handle, info->step_float128);
#endif
  return stepper;
}

}  // namespace orderly
