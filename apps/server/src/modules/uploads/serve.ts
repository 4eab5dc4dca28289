import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors';
import type { StoredObject, Storage } from '../../lib/storage';

/** Opens a stored file for streaming, or answers 404 (before any header of the file is set). */
export async function openOr404(storage: Storage, key: string): Promise<StoredObject> {
  const o = await storage.open(key);
  if (!o) throw new AppError('NOT_FOUND');
  return o;
}

/** Streams an opened file as the reply body (with its length when the store knows it). */
export function sendObject(reply: FastifyReply, o: StoredObject): FastifyReply {
  if (o.size !== null) reply.header('content-length', o.size);
  return reply.send(o.body);
}
