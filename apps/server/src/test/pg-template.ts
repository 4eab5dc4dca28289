// vitest globalSetup of the `server-pg` project: migrates one template database per run on
// TEST_DATABASE_URL's server; every test file then gets `create database … template` of it (useTestApp),
// a file copy on the server, instead of running every migration again. Dropped when the run ends.
import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** name of the migrated template database on TEST_DATABASE_URL's server (server-pg project) */
    pgTemplate: string;
  }
}

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function onServer(base: string, statement: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrl(base: string, name: string) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('the server-pg project needs TEST_DATABASE_URL');
  // unique per run: two runs side by side on one server each copy their own template
  const name = `rp_tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await onServer(base, `create database ${name}`);
  const drop = () => onServer(base, `drop database if exists ${name} with (force)`);
  try {
    // migrated the way the server does it at start-up; closing ends the pool, as CREATE DATABASE … TEMPLATE
    // refuses a template that has open connections
    const database = await openDatabase({ url: databaseUrl(base, name) });
    await database.close();
  } catch (e) {
    await drop();
    throw e;
  }
  project.provide('pgTemplate', name);
  return drop;
}
