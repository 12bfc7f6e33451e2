import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded at the first image the server reads or writes rather than at its start: a
 * start that never meets a photo spares its 0.2 s of CPU and its native library's memory.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
