import { describe, expect, it } from 'vitest';
import { uploadAccept, uploadProblem } from './uploads';

const MB = 1024 * 1024;

describe('upload rules shared by the server and the forms', () => {
  it('offers the types and extensions of each kind', () => {
    expect(uploadAccept('photo').split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'image/heic', 'image/heif', '.heic', '.heif', '.avif']));
    expect(uploadAccept('video').split(',')).toEqual(expect.arrayContaining(['video/mp4', 'video/webm', 'video/quicktime', '.mov']));
    expect(uploadAccept('document').split(',')).toEqual(expect.arrayContaining(['application/pdf', '.doc', '.docx']));
    expect(uploadAccept('image')).not.toContain('heic');
  });

  it('refuses a file of another kind when chosen, by its type or its name', () => {
    expect(uploadProblem('photo', { name: 'notes.txt', type: 'text/plain', size: 10 }, 5 * MB)).toBe('type');
    expect(uploadProblem('photo', { name: 'clip.mp4', type: 'video/mp4', size: 10 }, 5 * MB)).toBe('type');
    expect(uploadProblem('video', { name: 'me.jpg', type: 'image/jpeg', size: 10 }, 50 * MB)).toBe('type');
    expect(uploadProblem('document', { name: 'cv.exe', type: 'application/x-msdownload', size: 10 }, 5 * MB)).toBe('type');
    expect(uploadProblem('image', { name: 'IMG_1.HEIC', type: 'image/heic', size: 10 }, 5 * MB)).toBe('type');
  });

  it('takes a photo whose type the browser left empty by its name (HEIC on most desktops)', () => {
    expect(uploadProblem('photo', { name: 'IMG_0042.HEIC', type: '', size: MB }, 5 * MB)).toBeNull();
    expect(uploadProblem('photo', { name: 'beach.jpeg', type: 'image/jpeg', size: MB }, 5 * MB)).toBeNull();
    expect(uploadProblem('document', { name: 'CV.DOCX', type: '', size: MB }, 5 * MB)).toBeNull();
  });

  it('refuses past the cap, and not at it; without a known cap it checks only the type', () => {
    expect(uploadProblem('photo', { name: 'a.png', type: 'image/png', size: 5 * MB + 1 }, 5 * MB)).toBe('size');
    expect(uploadProblem('photo', { name: 'a.png', type: 'image/png', size: 5 * MB }, 5 * MB)).toBeNull();
    expect(uploadProblem('video', { name: 'a.mov', type: 'video/quicktime', size: 60 * MB }, 50 * MB)).toBe('size');
    expect(uploadProblem('video', { name: 'a.mov', type: 'video/quicktime', size: 60 * MB }, undefined)).toBeNull();
  });
});
