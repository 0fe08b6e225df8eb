// The vendor id under which the svc models are offered to VS Code (`package.json`'s
// `languageModelChatProviders` and `onLanguageModelChatProvider:svc` name it too). VS Code's settings
// name a model as `vendor/id`, so the utility-model setting is written with it.
export const LANGUAGE_MODEL_VENDOR = 'svc';
