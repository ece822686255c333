import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { readSharedSnapshot, sharedSnapshotFile, writeSharedSnapshot, type SharedVersion } from './snapshotFiles';
import { packIndex, transferablesOf, unpackIndex } from './snapshotHandOver';
import { postAcross, sampleIndex } from './snapshotSample';

const COMPANY = '0b6c3f0e-5d2a-4c55-9a57-3d1e2f4a5b6c';
const version = (number: number): SharedVersion & { watermark: number | null } => ({ companyId: COMPANY, version: number, itemCount: 3_007, eventCount: 12, buildMs: 4_321, watermark: 1_700_000_000_000 });

describe('shared snapshot files', () => {
  let folder = '';
  const fresh = () => (folder = mkdtempSync(join(tmpdir(), 'navout-snapshot-files-')));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('reads back the index that was written, its typed arrays in buffers of their own, ready to transfer', async () => {
    const file = sharedSnapshotFile(fresh(), COMPANY, 1);
    const { packed, transfer } = packIndex(sampleIndex());
    writeSharedSnapshot(file, version(1), packed);

    const read = readSharedSnapshot(file, version(1));
    if ('refused' in read) throw new Error(read.refused);
    expect(read.watermark).toBe(1_700_000_000_000);
    // As many whole buffers as the build handed over: none is a view into the file's bytes.
    expect(transferablesOf(read.packed)).toHaveLength(transfer.length);
    const unpacked = await unpackIndex(await postAcross(read.packed, transferablesOf(read.packed)));
    expect(unpacked).toEqual(sampleIndex());
    expect(unpacked.price).toBeInstanceOf(Float64Array);
    expect(Object.getOwnPropertyDescriptor((unpacked.fields as object[])[0], '__proto__')?.value).toBe('kept as data');
  });

  it('refuses a file that is missing, cut short, longer, of another build of the version, or written by other server code', () => {
    const file = sharedSnapshotFile(fresh(), COMPANY, 1);
    expect(readSharedSnapshot(file, version(1))).toEqual({ refused: 'no file' });
    writeSharedSnapshot(file, version(1), packIndex(sampleIndex()).packed);
    const whole = readFileSync(file);

    expect(readSharedSnapshot(file, { ...version(1), buildMs: 4_322 })).toEqual({ refused: "its buildMs is not the version's" });
    expect(readSharedSnapshot(file, { ...version(1), itemCount: 3_008 })).toEqual({ refused: "its itemCount is not the version's" });
    writeFileSync(file, whole.subarray(0, whole.byteLength - 10));
    expect(readSharedSnapshot(file, version(1))).toEqual({ refused: 'truncated' });
    writeFileSync(file, Buffer.concat([whole, Buffer.from([0, 0, 0, 0])]));
    expect(readSharedSnapshot(file, version(1))).toEqual({ refused: 'trailing bytes' });

    // The same file, its header naming other code.
    const headerLength = whole.readUInt32LE(0);
    const header = serialize({ ...(deserialize(whole.subarray(4, 4 + headerLength)) as object), code: 'another deployment' });
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.byteLength);
    writeFileSync(file, Buffer.concat([length, header, whole.subarray(4 + headerLength)]));
    expect(readSharedSnapshot(file, version(1))).toEqual({ refused: 'written by other server code' });
  });

  it("keeps a company's last two versions, and leaves other companies' files alone", () => {
    const other = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
    fresh();
    const { packed } = packIndex(sampleIndex());
    writeSharedSnapshot(sharedSnapshotFile(folder, other, 1), { ...version(1), companyId: other }, packed);
    for (const number of [1, 2, 3]) writeSharedSnapshot(sharedSnapshotFile(folder, COMPANY, number), version(number), packed);
    expect(readdirSync(folder).sort()).toEqual([`${COMPANY}.2.snapshot`, `${COMPANY}.3.snapshot`, `${other}.1.snapshot`].sort());
  });

  it('names no file outside its folder', () => {
    expect(() => sharedSnapshotFile('/data', '../../etc/passwd', 1)).toThrow('Not a company id and version');
    expect(() => sharedSnapshotFile('/data', COMPANY, Number.NaN)).toThrow('Not a company id and version');
  });
});
