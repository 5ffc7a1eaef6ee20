#pragma once
// The Hamiltonian long-time study (`orderly energy`): how the energy error of a method grows with
// time, why, and the seed articles' energy questions.
//
// One run: a fixed-step integration of up to 10^7 steps in constant memory (the observer driver,
// no stored trajectory). The steps 1..N are cut into bins with logarithmically spaced ends
// (policy.bins_per_decade per decade); in each bin the energy is evaluated at up to
// policy.probes_per_bin evenly spaced steps, the bin's maximum is its value, and the envelope is
// the running maximum over the bins. The energy is evaluated in a wider scalar than the run's
// (wide_scalar_name), from the run's state converted exactly, so the evaluation's own rounding
// cannot pollute errors of a few units of the run's epsilon. H0 is the energy of the run's
// (rounded) initial state. Kepler and the solar system also give the angular momentum, and a
// problem with a planar orbit (typed_problem::orbit: Kepler) the phase (along-track) error against
// its exact solution, in the mean anomaly (uniform in time, so the lag does not depend on where in
// the orbit it is read).
//
// The growth of the envelope against t is a least-squares slope in log-log over the last
// policy.fit_decades decades of t (growth_policy below), with an uncertainty, and a class.
//
// Explanations: the harmonic oscillator's energy after n steps predicted from the method itself
// (harmonic_prediction); the seed articles' experiments (spring-damper, undamped oscillator) with
// the specimens beside the library's methods; the damped spring's settling time against dt.
#include <orderly/catalog.hpp>
#include <orderly/compensated_sum.hpp>
#include <orderly/energy_expectation.hpp>
#include <orderly/job_runner.hpp>
#include <orderly/problem_catalog.hpp>
#include <orderly/scalars.hpp>
#include <orderly/shard.hpp>
#include <orderly/stepper_factory.hpp>
#include <orderly/user_stepper.hpp>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orderly {

// Every threshold of the energy study, in one place and written into the JSON.
struct energy_policy {
  // --- Sampling ---
  // Bin ends per decade of steps: 10 gives ~70 bins over 10^7 steps, enough points for a slope over
  // two decades (20 points) at a negligible cost next to the steps.
  int bins_per_decade = 10;
  // Energy evaluations per bin (evenly spaced steps, the bin's end included); the bin's value is
  // their maximum. A bounded error oscillates with the orbit: 16 probes spread over a bin of many
  // periods catch its maximum to within a factor close to 1, while one sample per bin would
  // report the phase at which it happened to land.
  int probes_per_bin = 16;

  // --- The fit of the envelope's growth ---
  // The window: the last fit_decades decades of t. Two decades give the slope a lever arm of 2 in
  // log10 t; the first period(s), where a bounded error still rises to its plateau, stay outside
  // it for runs of 10^4 periods.
  double fit_decades = 2;
  // Fewer points than this in the window: no growth class.
  int min_fit_points = 6;
  // The uncertainty is the larger of the slope's standard error and half the difference between
  // the slopes over the window's two halves (a running maximum is autocorrelated, so the standard
  // error alone understates it).

  // --- The classes, by the fitted exponent p of envelope ~ t^p ---
  // The models are 0 (bounded: symplectic methods at stable steps), 1/2 (a random walk: round-off,
  // Brouwer's law), 1 (linear drift: non-symplectic methods, or biased round-off) and 2 (quadratic:
  // e.g. the phase of a drifting orbit). Each boundary is the midpoint between neighbouring models,
  // so a measured exponent is given the class of the nearest model; "faster" is anything past the
  // midpoint between linear and quadratic.
  double bounded_below = 0.25;
  double random_walk_below = 0.75;
  double linear_below = 1.5;
  // A relative error of at least this anywhere in the record, the end included, means the
  // quantity itself is lost (Euler's Kepler orbit unbinds: |H - H0| ~ |H0|): the envelope is capped
  // by the quantity, so its slope says nothing about growth. Class "saturated", whatever the fit
  // window's slope (Euler on the outer solar system crosses it only in the last decade). Half the
  // quantity, the convergence study's pre-asymptotic threshold (order_policy.hpp), for the same reason.
  double saturated_at = 0.5;

  // --- Theory, against which each run's classes are checked (theory_check) ---
  // A measured exponent agrees with a model exponent when it is nearer to it than to a model 1/2
  // away: the half-distance, the same midpoint rule as the class boundaries.
  double exponent_agreement = 0.25;
  // An energy envelope at most this many times eps sqrt(n) (Brouwer's law for n steps) is at the
  // level of the run's round-off: a step rounds each stage and the update, a few to some tens of
  // roundings of eps, and the random walk of those is this factor times eps sqrt(n) at most.
  double roundoff_level = 100;

  nlohmann::json to_json() const;
};

// How the energy error grows; the JSON and the tables spell it with class_name.
enum class energy_growth_class { bounded, random_walk, linear_drift, faster, saturated, unstable, undetermined };

inline const char* class_name(energy_growth_class c) {
  switch (c) {
    case energy_growth_class::bounded:
      return "bounded";
    case energy_growth_class::random_walk:
      return "random-walk";
    case energy_growth_class::linear_drift:
      return "linear-drift";
    case energy_growth_class::faster:
      return "faster";
    case energy_growth_class::saturated:
      return "saturated";
    case energy_growth_class::unstable:
      return "unstable";
    case energy_growth_class::undetermined:
      return "undetermined";
  }
  return "?";
}

struct growth_fit {
  bool found = false;
  double exponent = 0, uncertainty = 0;
  double first_half_exponent = 0, second_half_exponent = 0;  // the slopes over the window's halves
  energy_growth_class growth_class = energy_growth_class::undetermined;
  double t_from = 0, t_to = 0;
  int points = 0;
  std::string reason;  // why undetermined, or the instability
};

// Fits envelope ~ C t^p over the policy's window and classes p. t ascending, envelope >= 0
// (non-positive values are left out: log of zero).
growth_fit fit_growth(const std::vector<double>& t, const std::vector<double>& envelope, const energy_policy& policy);
energy_growth_class growth_class_of(double exponent, const energy_policy& policy);
// The running maximum of a record (its envelope): out[i] = max(v[0..i], 0).
std::vector<double> running_max(const std::vector<double>& v);
// The class of a whole record of a relative error (energy, angular momentum), given per bin (any
// values, not yet a running maximum): unstable when a value is not finite; saturated when the
// running maximum reaches policy.saturated_at anywhere, the end included; otherwise fit_growth's
// class of the running maximum. The exponent is fitted and reported in every case it can be.
growth_fit classify_relative_error(const std::vector<double>& t, const std::vector<double>& error,
                                   const energy_policy& policy);

// What theory expects of one measured growth of a run and whether the run agrees; where it does
// not, the measured reason when there is one (reason empty: a disagreement nothing explains).
struct theory_check {
  std::string expected;  // the expected class or growth law, in words
  // The model exponents the measured one may take (one model: low = high); none when the quantity
  // has no growth law (the anomaly of a lost orbit).
  std::optional<double> exponent_low, exponent_high;
  bool agrees = false;
  std::string reason;
};

struct energy_sample {
  std::size_t step = 0;
  double t = 0;
  double energy_error = 0;                       // |H - H0| / |H0| at this step (the bin's end)
  double energy_deviation = 0;                   // (H - H0) / |H0|, signed: an energy gain is positive
  double bin_max = 0;                            // the bin's maximum of energy_error over its probes
  double envelope = 0;                           // running maximum of bin_max
  std::optional<double> angular_momentum_error;  // |L - L0| / |L0| (vector norm for 3-D)
  std::optional<double> phase_error;             // an orbit: M_numerical - M_exact, mean anomaly (radians, unwrapped)
  std::optional<double> predicted_energy_error;  // harmonic: from the method (harmonic_prediction)
  std::optional<double> predicted_energy_deviation;
  // With a round-off shadow: |H(y_n) - H(y~_n)| / |H0|, y~ the same method run in the wide scalar
  // from the same rounded y0 and h (the bin's maximum), and its running maximum. The truncation
  // error is the same in both runs and cancels: what is left is the run's round-off alone.
  std::optional<double> roundoff_energy_error;
  std::optional<double> roundoff_envelope;
  // (H(y_n) - H(y~_n)) / |H0| at the sample's step, signed: the measured deviation less this is the
  // wide-scalar run's own deviation (what a prediction from the method's coefficients describes).
  std::optional<double> roundoff_energy_deviation;
};

struct energy_request {
  const method_entry* method = nullptr;
  // Instead of a method: a user's stepper (double, plain update, no round-off shadow).
  const user_stepper* user = nullptr;
  const problem_entry* problem = nullptr;
  scalar_kind scalar = scalar_kind::float64;
  std::string h;  // the step as text ("0.01", "1/100"), rounded once to the scalar
  std::size_t steps = 0;
  summation sum = summation::plain;
  // Also run the method in the wide scalar, step for step, to separate the run's round-off from its
  // truncation error (float, double and long double runs; the shadow costs a software-scalar run).
  bool roundoff_shadow = false;
  // Implicit Runge-Kutta methods: Newton stops at a correction of newton_tolerance max(|y|, 1);
  // 0 is round-off (4 eps), the stage equations solved as exactly as the scalar allows.
  double newton_tolerance = 0;
  energy_policy policy{};
};

struct energy_result {
  std::string method, problem, family, scalar, wide_scalar;
  bool symplectic = false;
  int order = 0;
  std::string h_text;
  double h = 0;
  std::size_t steps = 0;
  bool compensated = false;
  bool stable = true;
  std::string failure;
  double t_end = 0;
  std::uint64_t rhs_evaluations = 0;
  std::optional<double> newton_tolerance;  // implicit Runge-Kutta: the request's (0: round-off)
  std::uint64_t newton_iterations = 0;
  std::vector<energy_sample> samples;
  growth_fit energy_growth, momentum_growth, phase_growth, roundoff_growth;
  // Energy: bounded for a symplectic method (Newton converged), a linear drift otherwise. Phase
  // (Kepler, mean anomaly), from the energy as measured: linear for a bounded energy (a constant
  // frequency error), quadratic for a drifting one, t to t^(3/2) for a random walk (the frequency's
  // random walk, integrated: Brouwer's law for the along-track error).
  // Round-off alone (the shadow's difference): a random walk, t^(1/2), for the plain update (each
  // step rounds y + increment to eps |y|, independent errors: Brouwer's law); bounded for the
  // compensated one (the update's rounding is carried; what is left, the increment's own rounding,
  // is h times smaller per step).
  theory_check energy_theory, phase_theory, roundoff_theory;
  double epsilon = 0;                            // the run scalar's machine epsilon (its unit round-off times 2)
  std::string theory;                            // harmonic: how the prediction was derived
  std::optional<double> per_step_energy_factor;  // harmonic, a method with R: |R(i omega h)|^2
  // What the coefficients promise (energy_expectation.hpp), from which energy_theory's expectation
  // is derived; none for a user's stepper or a method without a Runge-Kutta or splitting form.
  std::optional<coefficient_expectation> coefficients;
  // The drift rate d ln H/dt: predicted from the modified equation's leading term (harmonic
  // oscillator), and measured as ln(1 + dev) / t at the last sample, dev the relative energy
  // deviation less the round-off shadow's where the run has one (the truncation's drift alone).
  std::optional<double> predicted_drift_rate, measured_drift_rate;
  // Kepler: the same leading term evaluated on the run's own osculating orbit at every sample and
  // integrated over the run (dH/dt = rate(y) |H(y)|), given as ln(1 + dev)/t like the measured rate.
  // It takes out the slow change of the orbit (a and e drift with the energy), which over a long run
  // changes the rate itself; what is left beside the measurement is the modified field's next order.
  std::optional<double> predicted_drift_rate_along_run;
  std::string drift_rate_note;
  energy_policy policy;
};

// The problems the study accepts (Hamiltonian, with an "energy" invariant); the scalars it runs in.
bool energy_problem(const problem_info& problem);
const char* wide_scalar_name(scalar_kind run);

energy_result study_energy(const energy_request& request);
// The theory checks of a run whose growths are fitted (study_energy calls it).
theory_check energy_theory_of(const energy_result& result);
theory_check phase_theory_of(const energy_result& result);
theory_check roundoff_theory_of(const energy_result& result);
nlohmann::json to_json(const energy_result& result);

// Harmonic oscillator x'' = -k x: the relative energy deviation (H_n - H0)/H0 after each of
// `steps`, predicted exactly from the method's linear model (method_linear_model.hpp). A method
// with a stability function R (Runge-Kutta, Rosenbrock): y_{n+1} = R(hA) y_n; in coordinates
// (sqrt(k) x, v) A is skew, so H_n = |R(i omega h)|^(2n) H0, omega = sqrt(k). A splitting method:
// the 2x2 propagation matrix M of the composition of drifts [[1, a h], [0, 1]] and kicks
// [[1, 0], [-b h k, 1]], H_n from M^n y0. Evaluated at 50 digits from the exact coefficients and
// the run's h (given exactly as h_exact). None for a method without a linear model (a seed
// specimen).
struct harmonic_prediction {
  std::string formula;
  std::optional<double> per_step_factor;  // R: |R(i omega h)|^2
  std::vector<double> deviation;          // (H_n - H0)/H0 for each requested n
};
std::optional<harmonic_prediction> predict_harmonic(const method_entry& method, const mp50& h_exact, const mp50& k,
                                                    const mp50& x0, const mp50& v0,
                                                    const std::vector<std::size_t>& steps);

// The default suite: every Runge-Kutta and splitting method on kepler and the outer solar system,
// the implicit symplectic methods on kepler with Newton solved and stopped early, the harmonic
// oscillator against its prediction, energy at fixed work, the compensated pair, the
// seed experiments and the settling-time study, each run a job. One JSON document (schema
// orderly.energy/2, kind "suite"). quick: a few short runs, no seed experiments or settling
// study (null in the document), for trying the suite's machinery in seconds.
sharded_suite energy_suite(unsigned threads, bool quick = false);
// The suite's document from its jobs' results (orderly/shard.hpp).
suite_outputs energy_suite_outputs(const nlohmann::json& settings, const std::vector<std::string>& keys,
                                   const std::vector<const nlohmann::json*>& results);

// A user's stepper on one of the study's problems ("harmonic" or "kepler"): the energy error
// record over a long horizon with the study's probe schedule, classified by
// classify_relative_error, with the growth exponent and its uncertainty, in the keys of a suite
// entry. The user's step runs in double only, so there is no wider-scalar round-off shadow; the
// JSON says so. Throws std::invalid_argument for another problem name.
struct user_energy_result {
  std::string problem;     // the suite's part the run stands beside
  nlohmann::json stepper;  // the stepper as user_stepper_json describes it
  energy_result run;
};
user_energy_result user_energy(const user_stepper& stepper, const std::string& problem);
// The run's JSON (to_json(energy_result)) with the part and the stepper, and no symplecticity or
// round-off shadow claimed.
nlohmann::json to_json(const user_energy_result& result);

}  // namespace orderly
