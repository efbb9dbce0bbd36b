// Face detection worker thread (plain JavaScript so that it starts the same under tsx, vitest and
// node). It loads the model once, then answers { id, pixels, width, height } messages with
// { id, faceCount } or { id, error }. Detection is pure CPU work: here it never blocks the
// service's event loop.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const tf = require('@tensorflow/tfjs');
require('@tensorflow/tfjs-backend-wasm');
// The node-wasm build takes tfjs from the packages above; the model weights ship inside the package.
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');

// The tiny detector: about 0.1 s a photo here, and it does not report faces on animals as SSD does.
const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 });

async function load() {
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
}

async function countFaces({ pixels, width, height }) {
  const tensor = tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'int32');
  try {
    const detections = await faceapi.detectAllFaces(tensor, options);
    return detections.length;
  } finally {
    tensor.dispose();
  }
}

const loaded = load();
loaded.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: String(err?.message ?? err) }),
);

parentPort.on('message', async (job) => {
  try {
    await loaded;
    parentPort.postMessage({ id: job.id, faceCount: await countFaces(job) });
  } catch (err) {
    parentPort.postMessage({ id: job.id, error: String(err?.message ?? err) });
  }
});
