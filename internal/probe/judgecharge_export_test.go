package probe

// JudgeCharge is judgeCharge, for the tests and BenchmarkJudgeCost.
var JudgeCharge = judgeCharge
