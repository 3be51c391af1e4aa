// Package lang reads rulesets written as text: a small declarative
// language in which every family of the papers is written (the files of
// rulesets/) and in which a researcher defines a new variant without Go.
// The grammar, with examples, is in docs/rules.md.
//
// A rule text goes through four stages:
//
//   - [Parse] turns text into a [File] (the syntax tree, every node with
//     its line and column), or an [*Error] saying where and what was
//     expected;
//   - [File.Bind] checks the file and fixes its parameters, giving a
//     [*Rule];
//   - [Rule.Naive] enumerates moves straight from the rule, one
//     assignment at a time: obviously right and slow, for tests;
//   - [Compile] gives a [grundy.Ruleset] with whichever optional
//     abilities (Symmetric, UnitDecrements, OptionCounter, Growing,
//     TwoPile) the shape of the rule allows, so the fast solvers apply.
//
// Rule text is untrusted input: every stage bounds its work (see
// [Limits]) and reports a typed [*Error], never a panic.
//
// The package imports grundy and formula only, so games (which reads
// `PATH.rules` specs) may import it.
package lang
