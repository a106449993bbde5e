// Package handwritten holds, one command per folder, the Go a person would
// write for each compute-heavy plan in benchmarks/plans: the practical
// limit a generated program can approach. BenchmarkEngines builds and runs
// them as processes, like the sealed binaries they are compared with.
package handwritten
