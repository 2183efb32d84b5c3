import { describe } from 'vitest';
import { half, loadsEveryPack } from './load-packs';

describe('imported packs (first half by size)', () => loadsEveryPack(half(0)));
