import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react-router';

/** The console's data cache as its route loaders see it: they start the reads a screen opens with. */
export const queryClientContext = createContext<QueryClient>();
