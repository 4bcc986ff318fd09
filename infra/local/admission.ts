/**
 * How many requests the local server works on at once. One process serves every request, its
 * store included: past a few dozen at once, each only slows the others, until the store's client
 * gives up connecting (1 s) and the request fails. So requests beyond `limit` wait their turn, in
 * order, for up to `maxWaitMs`; one still waiting then is answered 503 with Retry-After, which a
 * client retries. (A deployment's brake is Lambda's concurrency and API Gateway's throttling.)
 */
export class Admission {
  private inFlight = 0;
  private readonly waiting: Array<(admitted: boolean) => void> = [];

  constructor(
    readonly limit: number,
    readonly maxWaitMs: number,
  ) {}

  /** Resolves true once the request may run (call `leave` when it ends), false if it waited too long. */
  enter(): Promise<boolean> {
    if (this.inFlight < this.limit) {
      this.inFlight += 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(admit);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(false);
      }, this.maxWaitMs);
      const admit = (admitted: boolean) => {
        clearTimeout(timer);
        resolve(admitted);
      };
      this.waiting.push(admit);
    });
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.inFlight -= 1;
  }
}

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** From LOCAL_MAX_CONCURRENT_REQUESTS (default 32) and LOCAL_ADMISSION_WAIT_MS (default 5000). */
export function admissionFromEnv(): Admission {
  return new Admission(envInt('LOCAL_MAX_CONCURRENT_REQUESTS', 32), envInt('LOCAL_ADMISSION_WAIT_MS', 5_000));
}
