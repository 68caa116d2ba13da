import { createContext } from "react";

/** The design's revision (changes from outside the fields: undo, redo), for the rich-text fields. */
export const DesignRevision = createContext(0);

/** The accent colour a button without its own colour shows. */
export const DEFAULT_ACCENT = "#18181b";

/** The design's accent colour: what a button without its own colour shows. */
export const DesignAccent = createContext(DEFAULT_ACCENT);
