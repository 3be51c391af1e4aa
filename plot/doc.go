// Package plot draws heatmaps of a value (G, the outcome or the remoteness,
// in normal or misère play) over the two-pile positions of a ruleset, or
// over a two-dimensional slice of positions with more piles, with an
// optional overlay of the positions a theorem predicts to be P-positions
// and every disagreement between that prediction and the computed values
// marked. It is presentation only: engine.SolveHeatmap computes the values
// and the overlay's marks (engine.Heatmap, plain data); [Render] draws
// them with gonum/plot as PNG, SVG or PDF.
package plot
