import { parentPort } from 'node:worker_threads';
import { answerOf } from '@facet/shared/node';
import { AppError } from '../../lib/errors.js';
import { type PackageJob, readPackageJob } from './package.js';

/** A thread that reads uploaded packages, one at a time (readExtensionPackageOffThread hands them over). */
parentPort?.on('message', (job: PackageJob) => {
  try {
    parentPort!.postMessage({ ok: true, value: readPackageJob(job) });
  } catch (e) {
    parentPort!.postMessage(
      answerOf(e, (x) =>
        x instanceof AppError
          ? { code: x.code, message: x.message, httpStatus: x.httpStatus, errors: x.errors }
          : undefined,
      ),
    );
  }
});
