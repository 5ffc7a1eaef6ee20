// Tree surgery for B-series (Butcher products, leaf removals, edge partitions) and the modified
// equation by substitution, compiled once for exact rationals and 100 digits.
#include <orderly/analysis/bseries.hpp>

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace orderly {

int bseries_trees::index_of(const std::vector<int>& sorted_children) const {
  const auto it = by_children.find(sorted_children);
  return it == by_children.end() ? -1 : it->second;
}

namespace {

// A labelled copy of a tree: vertex 0 is the root, every parent precedes its children.
struct labelled_tree {
  std::vector<int> parent;                 // -1 for the root
  std::vector<std::vector<int>> children;  // vertex -> its children
};

void append_vertices(const tree_forest& forest, int tree, int parent, labelled_tree& out) {
  const int vertex = static_cast<int>(out.parent.size());
  out.parent.push_back(parent);
  out.children.emplace_back();
  if (parent >= 0) out.children[static_cast<std::size_t>(parent)].push_back(vertex);
  for (int child : forest.trees[static_cast<std::size_t>(tree)].children) append_vertices(forest, child, vertex, out);
}

labelled_tree labelled(const tree_forest& forest, int tree) {
  labelled_tree out;
  append_vertices(forest, tree, -1, out);
  return out;
}

bseries_trees build(int max_order) {
  bseries_trees s;
  s.forest = generate_trees(max_order);
  const auto& trees = s.forest.trees;
  const int n = static_cast<int>(trees.size());
  for (int k = 0; k < n; ++k) s.by_children[trees[static_cast<std::size_t>(k)].children] = k;

  s.product.assign(static_cast<std::size_t>(n), std::vector<int>(static_cast<std::size_t>(n), -1));
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v) {
      if (trees[static_cast<std::size_t>(u)].order + trees[static_cast<std::size_t>(v)].order > max_order) continue;
      auto children = trees[static_cast<std::size_t>(u)].children;
      children.insert(std::upper_bound(children.begin(), children.end(), v), v);
      s.product[static_cast<std::size_t>(u)][static_cast<std::size_t>(v)] = s.index_of(children);
    }

  s.chain.assign(static_cast<std::size_t>(max_order) + 1, -1);
  s.chain[1] = 0;
  for (int order = 2; order <= max_order; ++order)
    s.chain[static_cast<std::size_t>(order)] = s.index_of({s.chain[static_cast<std::size_t>(order) - 1]});

  s.leaf_removals.resize(static_cast<std::size_t>(n));
  s.partitions.resize(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    const auto t = labelled(s.forest, k);
    const int vertices = static_cast<int>(t.parent.size());
    // The canonical index of the subtree at v, keeping only the children the predicate keeps.
    auto canonical = [&](auto& self, int v, const auto& keep) -> int {
      std::vector<int> children;
      for (int c : t.children[static_cast<std::size_t>(v)])
        if (keep(c)) children.push_back(self(self, c, keep));
      std::sort(children.begin(), children.end());
      return s.index_of(children);
    };
    for (int leaf = 1; leaf < vertices; ++leaf)
      if (t.children[static_cast<std::size_t>(leaf)].empty())
        s.leaf_removals[static_cast<std::size_t>(k)].push_back(
            canonical(canonical, 0, [leaf](int c) { return c != leaf; }));

    // Edge e joins vertex e (e >= 1) to its parent; bit e-1 of the mask cuts it.
    const unsigned subsets = 1u << (vertices - 1);
    for (unsigned mask = 1; mask < subsets; ++mask) {
      auto cut = [mask](int v) { return v > 0 && ((mask >> (v - 1)) & 1u); };
      std::vector<int> piece_of(static_cast<std::size_t>(vertices));
      std::vector<int> piece_roots;
      for (int v = 0; v < vertices; ++v) {
        if (v == 0 || cut(v)) {
          piece_of[static_cast<std::size_t>(v)] = static_cast<int>(piece_roots.size());
          piece_roots.push_back(v);
        } else {
          piece_of[static_cast<std::size_t>(v)] =
              piece_of[static_cast<std::size_t>(t.parent[static_cast<std::size_t>(v)])];
        }
      }
      bseries_trees::partition p;
      for (int root : piece_roots) p.pieces.push_back(canonical(canonical, root, [&cut](int c) { return !cut(c); }));
      // The skeleton: piece Q is a child of piece P when Q's root hangs from a vertex of P.
      std::vector<std::vector<int>> piece_children(piece_roots.size());
      for (std::size_t q = 1; q < piece_roots.size(); ++q)
        piece_children[static_cast<std::size_t>(
                           piece_of[static_cast<std::size_t>(t.parent[static_cast<std::size_t>(piece_roots[q])])])]
            .push_back(static_cast<int>(q));
      auto skeleton = [&](auto& self, int piece) -> int {
        std::vector<int> children;
        for (int q : piece_children[static_cast<std::size_t>(piece)]) children.push_back(self(self, q));
        std::sort(children.begin(), children.end());
        return s.index_of(children);
      };
      p.skeleton = skeleton(skeleton, 0);
      s.partitions[static_cast<std::size_t>(k)].push_back(std::move(p));
    }
  }
  return s;
}

}  // namespace

const bseries_trees& bseries_trees_up_to(int max_order) {
  if (max_order < 1 || max_order > max_bseries_order)
    throw std::invalid_argument("B-series analyses run to tree order 1.." + std::to_string(max_bseries_order));
  static std::array<std::unique_ptr<bseries_trees>, max_bseries_order + 1> built;
  static std::mutex guard;
  const std::lock_guard lock(guard);
  auto& slot = built[static_cast<std::size_t>(max_order)];
  if (!slot) slot = std::make_unique<bseries_trees>(build(max_order));
  return *slot;
}

template <class Number>
modified_field<Number>::modified_field(const bseries_trees& trees, std::vector<Number> a)
    : trees_(&trees), a_(std::move(a)), e_(exact_flow_coefficients<Number>(trees)), b_(a_.size()) {
  if (a_.size() != trees.forest.trees.size())
    throw std::invalid_argument("modified_field_coefficients: one coefficient per tree is needed");
}

template <class Number>
const Number& modified_field<Number>::operator[](std::size_t tree) const {
  if (!b_[tree]) {
    Number value = a_[tree];
    for (const auto& p : trees_->partitions[tree]) {
      Number term = e_[static_cast<std::size_t>(p.skeleton)];
      for (int piece : p.pieces) term *= (*this)[static_cast<std::size_t>(piece)];
      value -= term;
    }
    b_[tree] = std::move(value);
  }
  return *b_[tree];
}

template <class Number>
std::vector<Number> modified_field_coefficients(const bseries_trees& trees, const std::vector<Number>& a) {
  const modified_field<Number> field(trees, a);
  std::vector<Number> b;
  b.reserve(a.size());
  for (std::size_t k = 0; k < a.size(); ++k) b.push_back(field[k]);
  return b;
}

template class modified_field<exact>;
template class modified_field<high_precision>;
template std::vector<exact> modified_field_coefficients<exact>(const bseries_trees&, const std::vector<exact>&);
template std::vector<high_precision> modified_field_coefficients<high_precision>(const bseries_trees&,
                                                                                 const std::vector<high_precision>&);

}  // namespace orderly
