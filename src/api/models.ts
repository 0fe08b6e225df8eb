// The model catalogue and the service's numeric limits, as the spec states them. Data, not logic:
// the client's validation and the emulator's enforcement both read it, each with its own code.

export type ThinkingMode = 'always' | 'optional' | 'no';

export interface FixedParameters {
  temperature?: number;
  top_p?: number;
  n?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
}

export interface ModelInfo {
  id: string;
  /** Total length (input plus output) in tokens; undefined where the spec does not give it. */
  contextLength: number | undefined;
  thinking: ThinkingMode;
  vision: boolean;
  defaultTemperature: number;
  defaultTopP: number;
  /** Parameters the model does not let a caller change. */
  fixed: FixedParameters;
  /** Whether POST /tokenizers/estimate-token-count accepts this model. */
  estimateSupported: boolean;
  preview: boolean;
}

const K = 1024;

function v1(id: string, contextLength: number | undefined, { vision }: { vision: boolean } = { vision: false }): ModelInfo {
  return {
    id,
    contextLength,
    thinking: 'no',
    vision,
    defaultTemperature: 0,
    defaultTopP: 1,
    fixed: {},
    estimateSupported: true,
    preview: id.includes('preview'),
  };
}

function k2(id: string, thinking: ThinkingMode): ModelInfo {
  return {
    id,
    contextLength: undefined,
    thinking,
    vision: false,
    defaultTemperature: thinking === 'always' ? 1 : 0.6,
    defaultTopP: 1,
    fixed: {},
    estimateSupported: thinking !== 'always',
    preview: id.includes('preview'),
  };
}

/**
 * Lengths of the v1 models follow their id suffix ("indicated by the model id suffix"); only 8k is
 * stated exactly (8192). The k2 models' lengths are not shown, so no limit is assumed for them.
 * svc-k2.5 is treated as vision-capable: the real service's k2.5 is natively multimodal.
 */
export const MODELS: readonly ModelInfo[] = [
  {
    id: 'svc-k2.5',
    contextLength: undefined,
    thinking: 'optional',
    vision: true,
    defaultTemperature: 1,
    defaultTopP: 0.95,
    fixed: { temperature: 1, top_p: 0.95, n: 1, presence_penalty: 0, frequency_penalty: 0 },
    estimateSupported: true,
    preview: false,
  },
  k2('svc-k2-0905-preview', 'no'),
  k2('svc-k2-0711-preview', 'no'),
  k2('svc-k2-turbo-preview', 'no'),
  k2('svc-k2-thinking-turbo', 'always'),
  k2('svc-k2-thinking', 'always'),
  v1('svc-v1-8k', 8 * K),
  v1('svc-v1-32k', 32 * K),
  v1('svc-v1-128k', 128 * K),
  v1('svc-v1-auto', undefined),
  v1('svc-v1-8k-vision-preview', 8 * K, { vision: true }),
  v1('svc-v1-32k-vision-preview', 32 * K, { vision: true }),
  v1('svc-v1-128k-vision-preview', 128 * K, { vision: true }),
];

export const MODEL_IDS: readonly string[] = MODELS.map((m) => m.id);

export function modelInfo(id: string): ModelInfo | undefined {
  return MODELS.find((m) => m.id === id);
}

export function isThinkingOn(model: ModelInfo, thinking: { type: 'enabled' | 'disabled' } | undefined): boolean {
  if (model.thinking === 'always') return true;
  if (model.thinking === 'optional') return thinking?.type !== 'disabled';
  return false;
}

export const LIMITS = {
  maxN: 5,
  /** "With temperature very close to 0, only 1 is allowed": below this, n must be 1. */
  nearZeroTemperature: 0.01,
  temperatureMin: 0,
  temperatureMax: 1,
  penaltyMin: -2,
  penaltyMax: 2,
  maxStopSequences: 5,
  maxStopBytes: 32,
  defaultMaxCompletionTokens: 1024,
  maxFileBytes: 100 * 1024 * 1024,
  maxFilesPerUser: 1000,
  maxTotalFileBytes: 10 * 1024 * 1024 * 1024,
} as const;

export const FILE_EXTENSIONS = {
  document: [
    '.pdf', '.txt', '.csv', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.md', '.epub', '.mobi', '.html',
    '.json', '.log', '.yaml', '.yml', '.ini', '.conf',
  ],
  image: [
    '.jpeg', '.jpg', '.png', '.bmp', '.gif', '.svg', '.svgz', '.webp', '.ico', '.xbm', '.dib', '.pjp', '.tif', '.tiff',
    '.pjpeg', '.avif', '.apng', '.jfif',
  ],
  code: [
    '.go', '.h', '.c', '.cpp', '.cxx', '.cc', '.cs', '.java', '.js', '.css', '.jsp', '.php', '.py', '.py3', '.asp', '.ts',
    '.tsx',
  ],
} as const;

/** The official formulas of the spec, by formula name; function names may differ (web-search → web_search). */
export const OFFICIAL_FORMULAS = [
  'convert', 'web-search', 'rethink', 'random-choice', 'mew', 'memory', 'excel', 'date', 'base64', 'fetch', 'quickjs',
  'code_runner',
] as const;
export type OfficialFormula = (typeof OFFICIAL_FORMULAS)[number];

export function formulaUri(name: string, tag = 'latest'): string {
  return `svc/${name}:${tag}`;
}
