/**
 * The web app in the cloud: the function serving /app (functions/app/files.ts) carries the built
 * files beside its code, so the app is served from the API's own origin (docs/DEPLOY.md, "The web
 * app"). The build is made at synth time when it is missing.
 */
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { lambdaBundling } from '../bundling.js';

/** The route table's handler module for the app's files. */
export const WEB_APP_HANDLER = 'app/files';

/** The common bundling, plus: build web/ if needed, then copy web/dist into the bundle as `app/`. */
export function webAppBundling(projectRoot: string): BundlingOptions {
  return {
    ...lambdaBundling,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_inputDir: string, outputDir: string) => [
        `cd "${projectRoot}" && (test -f web/dist/index.html || npm run -s build)`,
        `cp -R "${projectRoot}/web/dist" "${outputDir}/app"`,
      ],
    },
  };
}
