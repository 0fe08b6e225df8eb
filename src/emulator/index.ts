// Public surface of the local service emulator. Everything else in src/emulator is internal.
export { startEmulator } from './server';
export type {
  EmulatorOptions,
  RunningEmulator,
  Scenario,
  ScenarioFile,
  ScenarioMatcher,
  ScenarioReply,
  ScenarioToolCall,
  RateLimitOptions,
  FaultOptions,
  FileLimitOptions,
  FormulaLimitOptions,
} from './options';
export { DEFAULT_CLI_PORT, randomApiKey } from './options';
