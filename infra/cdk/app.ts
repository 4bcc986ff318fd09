/** Entry point of `cdk synth` / `cdk deploy` (see cdk.json). */
import { createApp } from './create-app.js';

createApp().app.synth();
