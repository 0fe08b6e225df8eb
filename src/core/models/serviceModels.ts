// The models the account can use, as the service lists them (GET /models). The built-in catalogue
// only fills in what the list does not say (thinking, vision, context length), and stands in, marked
// as such, when listing fails. A new client (key or address change) is listed again; so is a refresh.
import { MODELS, modelInfo, type Model, type ModelInfo } from '../../api/index';

export interface ModelLister {
  listModels(options?: { signal?: AbortSignal }): Promise<Model[]>;
}

export interface ListedModel {
  id: string;
  /** Capabilities from the catalogue; undefined for a model the catalogue does not know. */
  info: ModelInfo | undefined;
}

export interface ModelListing {
  models: ListedModel[];
  /** service: GET /models answered; catalogue: it failed and the built-in list stands in. */
  source: 'service' | 'catalogue';
  /** Why listing failed, when it did. */
  problem?: string;
}

export function catalogueListing(problem?: string): ModelListing {
  return { models: MODELS.map((m) => ({ id: m.id, info: m })), source: 'catalogue', ...(problem !== undefined ? { problem } : {}) };
}

function sameModels(a: ModelListing | undefined, b: ModelListing): boolean {
  return a !== undefined && a.source === b.source && a.models.length === b.models.length && a.models.every((m, i) => m.id === b.models[i]?.id);
}

export class ServiceModels {
  private listing: { client: ModelLister; result: Promise<ModelListing> } | undefined;
  private last: ModelListing | undefined;
  private readonly listeners = new Set<(listing: ModelListing) => void>();

  constructor(
    private readonly client: () => Promise<ModelLister>,
    private readonly log: { warn(message: string): void },
  ) {}

  /** The list for the current client: listed once per client, then kept until refresh(). */
  async current(): Promise<ModelListing> {
    let client: ModelLister;
    try {
      client = await this.client();
    } catch (error) {
      // No connection yet (the emulator did not start, the key store failed): the catalogue, marked.
      return catalogueListing(error instanceof Error ? error.message : String(error));
    }
    if (this.listing?.client !== client) this.listing = { client, result: this.list(client) };
    return this.listing.result;
  }

  /** Lists again (on demand, or after the key or address changed); listeners hear of a changed list. */
  async refresh(): Promise<ModelListing> {
    this.listing = undefined;
    return this.current();
  }

  /** The last list seen, without asking the service; the catalogue before the first answer. */
  known(): ModelListing {
    return this.last ?? catalogueListing();
  }

  onDidChange(listener: (listing: ModelListing) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private async list(client: ModelLister): Promise<ModelListing> {
    let listing: ModelListing;
    try {
      const listed = await client.listModels();
      listing = { models: listed.map((m) => ({ id: m.id, info: modelInfo(m.id) })), source: 'service' };
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      this.log.warn(`GET /models failed, showing the built-in catalogue: ${problem}`);
      listing = catalogueListing(problem);
    }
    const changed = !sameModels(this.last, listing);
    this.last = listing;
    if (changed) for (const listener of this.listeners) listener(listing);
    return listing;
  }
}
