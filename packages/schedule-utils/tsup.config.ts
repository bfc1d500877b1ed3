import { packageBuild } from '@kadr/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(packageBuild());
