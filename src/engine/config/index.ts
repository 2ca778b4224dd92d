// Pure (browser-safe) parts of config handling. Node entry: ./check (checkConfig, readConfigFiles), ./load (loadConfig).
export { checkConfigFiles, loadConfigFiles, configPathProblem, isConfigPath, compareConfigPaths } from './check-files';
export { parseSource, type Source, type Pos, type PathSeg } from './source';
export { assembleConfig, APP_FILE, MESSAGES_FILE, type LoadedConfig, type LoadedStep, type LoadResult } from './assemble';
export { checkLoaded } from './check-loaded';
export { formatErrors, sortErrors } from './format';
export { suggest } from './suggest';
export { ACTION_SPEC } from './check-actions';
export type { CheckRegistries } from './context';
