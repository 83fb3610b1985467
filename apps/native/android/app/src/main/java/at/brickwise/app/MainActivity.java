package at.brickwise.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
