// Estimates the strength of a password off the main thread: zxcvbn's matching takes up to half a
// second on a long password full of l33t substitutions, which on the main thread would stall every
// request of the process. Plain JavaScript, because a worker thread does not inherit the TypeScript
// loader the server runs under (the build copies this file next to the bundle).
import { parentPort, workerData } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

// Reading the dictionaries into matchers is done once, when the worker starts.
const factory = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
  maxLength: workerData.maxLength,
});

parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    const result = factory.check(password, userInputs);
    const [only, ...rest] = result.sequence;
    parentPort.postMessage({
      id,
      score: result.score,
      guessesLog10: result.guessesLog10,
      // Part of it is a word anyone can guess: the site's name, the user's own, a season, the year.
      knownWords: result.sequence.some(
        (match) =>
          match.pattern === 'dictionary' &&
          (match.dictionaryName === 'userInputs' || match.dictionaryName === 'seasons-en'),
      ),
      warning: result.feedback.warning,
      suggestions: result.feedback.suggestions,
      // The whole password is one entry of the list of common passwords (perhaps in l33t or reversed).
      common: rest.length === 0 && only?.pattern === 'dictionary' && only.dictionaryName === 'passwords-common',
    });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
