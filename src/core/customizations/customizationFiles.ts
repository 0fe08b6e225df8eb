// The port through which discovery reads the folders: the extension implements it over the file system
// (src/extension/customizations/nodeCustomizationFiles.ts), the tests use real temporary folders through
// the same implementation.

export interface CustomizationEntry {
  name: string;
  /** What the entry is, symlinks followed. */
  kind: 'file' | 'directory';
}

export interface CustomizationFiles {
  /** The entries directly in a folder; none when it does not exist. */
  list(folder: string): Promise<CustomizationEntry[]>;
  /** A file's text; undefined when it is not a regular file or is larger than a customization can be. */
  read(file: string): Promise<string | undefined>;
  /** The path with every symlink resolved; undefined when nothing is there. */
  realPath(file: string): Promise<string | undefined>;
}

export interface CustomizationPlaces {
  /** The workspace's folders on disk, in order. */
  workspaceFolders(): readonly { name: string; path: string }[];
  /** The user's home folder. */
  home(): string;
  /** Workspace files count only in a trusted workspace. */
  trusted(): boolean;
  /** The keys (`customizationKey`) of the items the user turned off for this workspace. */
  disabled(): Promise<ReadonlySet<string>>;
}
