// Published Runge-Kutta-Nystrom methods, exact rationals as their papers give them.
#include <orderly/published_nystrom.hpp>

namespace orderly {
namespace {

std::vector<exact> row(std::initializer_list<std::string_view> texts) { return parse_exact(texts); }

}  // namespace

const std::vector<published_nystrom_method>& published_nystrom_methods() {
  static const std::vector<published_nystrom_method> all = {
      {.name = "bettis-rkn5",
       .title = "Bettis' Runge-Kutta-Nystrom 5(4) (DPRKN5)",
       .citation = "D. G. Bettis, A Runge-Kutta Nystrom algorithm, Celestial Mechanics 8 (1973) 229-233; the "
                   "exact rationals as in OrdinaryDiffEq.jl's DPRKN5ConstantCache (rational form)",
       .order = 5,
       .c = row({"0", "1/8", "1/4", "1/2", "3/4", "1"}),
       .b_bar = row({"7/90", "0", "4/15", "1/15", "4/45", "0"}),
       .b = row({"7/90", "0", "16/45", "2/15", "16/45", "7/90"}),
       .a_bar = {row({}), row({"1/128"}), row({"1/96", "1/48"}), row({"1/24", "0", "1/12"}),
                 row({"9/128", "0", "9/64", "9/128"}), row({"7/90", "0", "4/15", "1/15", "4/45"})}},
  };
  return all;
}

}  // namespace orderly
