export { compileExpr, ExprError, readMember, looseEquals, type Compiled, type Fn, type FunctionRegistry, type Scope, type Node } from './compile';
export { builtinFunctions, createFunctionRegistry, BUILTIN_FUNCTION_NAMES, type FunctionOptions } from './functions';
export { evalValue, evalCondition, isExprString } from './value';
export { EXPR_ROOTS, checkExpr, type ExprProblem, type ExprCheckOptions } from './check';
