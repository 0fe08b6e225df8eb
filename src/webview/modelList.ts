// The models the host offers, held once in the view: chatApp sets the list from the host's `init` and
// `models` messages, and the parts that show models (the composer's picker, the attachment tray's offer
// of a model that can see) subscribe and read it from here rather than keeping copies.
import type { ModelView } from '../shared/protocol';

export class ModelList {
  private models: readonly ModelView[] = [];
  private readonly listeners: Array<(models: readonly ModelView[]) => void> = [];

  get all(): readonly ModelView[] {
    return this.models;
  }

  find(id: string): ModelView | undefined {
    return this.models.find((model) => model.id === id);
  }

  set(models: readonly ModelView[]): void {
    this.models = models;
    for (const listener of this.listeners) listener(models);
  }

  /** Called with the list on every change (not at once: a part subscribes before the host sent one). */
  subscribe(listener: (models: readonly ModelView[]) => void): void {
    this.listeners.push(listener);
  }
}
