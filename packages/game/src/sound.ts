/** A short tone after each move (higher when nothing got worse), off until the player turns it on. */
export class Sound {
  on = false;
  private audio: AudioContext | null = null;

  beep(good: boolean): void {
    if (!this.on) return;
    this.audio ??= new AudioContext();
    const audio = this.audio;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = good ? 660 : 220;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.2);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.2);
  }

  close(): void {
    void this.audio?.close();
    this.audio = null;
  }
}
