-- The start module: the host makes the controller this returns and shows it.
return require "GridController"
