/**
 * Gives the engine Node's built-in SHA-256, several times faster than the portable one it carries
 * (the engine itself imports nothing from Node: an ESLint rule keeps it so). Imported for its effect
 * by every module that hands the engine content: the loader and verify's re-scoring.
 */
import { createHash } from 'node:crypto';
import { useSha256 } from '../../engine/canonical.ts';

/** Node's SHA-256 as lower-case hex, the digest the engine's portable one also gives. */
export const sha256Node = (text: string | Uint8Array): string => createHash('sha256').update(text).digest('hex');

useSha256(sha256Node);
